import GlasspaneCLI

await GlasspaneCommand.runFromCommandLine()
