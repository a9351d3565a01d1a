// Frame-time statistics and benchmark reports (table, JSON, CSV, SVG, baseline). No SDL, no GL.
import GlasspaneCore
