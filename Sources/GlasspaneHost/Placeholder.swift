// GlasspaneHost
