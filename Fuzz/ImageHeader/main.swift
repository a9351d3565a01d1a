// libFuzzer entry for the image header check.
// Built by scripts/build-fuzzers.sh with `swiftc -sanitize=fuzzer,address -parse-as-library`.
import GlasspaneFuzzTargets

/// libFuzzer calls this once per input; it never fails an input by returning non-zero, only by crashing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    fuzzImageHeader(bytes)
    return 0
}
