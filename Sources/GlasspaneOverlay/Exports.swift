// Views paint into draw lists, so an app that imports the overlay gets the draw list's types with it.
@_exported import GlasspaneDraw
