// GlasspanePlatform
