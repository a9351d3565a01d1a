// GlasspaneTesting
