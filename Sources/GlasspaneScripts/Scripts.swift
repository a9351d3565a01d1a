// Input scripts: the format, recorder and player. No SDL, no GL.
import GlasspaneCore
