// GlasspaneDemo
