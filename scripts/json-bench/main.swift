// JSON parser and writer speed against Foundation's coders on bus-sized messages (scripts/json-bench.sh).
// Thread CPU time, best of five: robust on a shared, busy machine where wall time is mostly waiting.
import Foundation
import GlasspaneCore

func cpuNanoseconds() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
}

func measure(_ label: String, iterations: Int, _ body: () -> Void) {
    for _ in 0..<iterations / 10 { body() }
    var best = Double.infinity
    for _ in 0..<5 {
        let start = cpuNanoseconds()
        for _ in 0..<iterations { body() }
        let ns = Double(cpuNanoseconds() - start) / Double(iterations)
        best = min(best, ns)
    }
    print(String(format: "%-48@ %8.2f µs thread CPU time (best of 5 x %d)", label as NSString, best / 1000, iterations))
}

let envelope = #"{"type":"change-color","data":[0.2,0.6666666666666666,0.3333333333333333],"id":7}"#
let state = #"{"type":"state-changed","data":{"spinning":true,"color":[0.2,0.667,0.333],"angle":1.2345,"frame":123456}}"#
let bytes1 = Array(envelope.utf8), bytes2 = Array(state.utf8)
let parser = JSONParser()
let decoder = JSONDecoder()
var sink = 0
for (name, text, bytes) in [("change-color envelope", envelope, bytes1), ("state-changed envelope", state, bytes2)] {
    measure("JSONParser.parse, \(name)", iterations: 100_000) { sink &+= (try? parser.parse(bytes: bytes)) == nil ? 0 : 1 }
    let data = Data(text.utf8)
    measure("JSONDecoder -> JSONValue, \(name)", iterations: 100_000) { sink &+= (try? decoder.decode(JSONValue.self, from: data)) == nil ? 0 : 1 }
    let value = try! parser.parse(bytes: bytes)
    measure("JSONWriter.bytes, \(name)", iterations: 100_000) { sink &+= (try? JSONWriter.bytes(value))?.count ?? 0 }
    let encoder = JSONEncoder(); encoder.outputFormatting = .sortedKeys
    measure("JSONEncoder(sortedKeys) <- JSONValue, \(name)", iterations: 100_000) { sink &+= (try? encoder.encode(value))?.count ?? 0 }
}
let deep = Array((#"{"type":"note","data":"# + String(repeating: "[", count: 30_000)).utf8)
measure("JSONParser.parse, 30 KB nested (rejected: depth)", iterations: 10_000) { sink &+= (try? parser.parse(bytes: deep)) == nil ? 1 : 0 }
let big = Array(("[" + (0..<6000).map { "\($0).25" }.joined(separator: ",") + "]").utf8)
measure("JSONParser.parse, \(big.count / 1024) KB array of 6000 numbers", iterations: 1_000) { sink &+= (try? parser.parse(bytes: big)) == nil ? 0 : 1 }
print("checksum \(sink)")
