// The bus: envelopes, typed messages, routing, request/response, the fast channel. No SDL, no GL.
import GlasspaneCore
