import GlasspaneCLI
GlasspaneCommand.main()
