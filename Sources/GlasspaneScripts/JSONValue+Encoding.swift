// Engine state replies (any `Encodable`) as JSON values, for state expectations.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GlasspaneCore

extension JSONValue {
    /// Converts any `Encodable` (an engine state reply) into a JSON value through its JSON text, parsed strictly;
    /// nil when it does not encode (a NaN member, for one).
    public init?<T: Encodable>(encoding value: T) {
        guard let data = try? JSONEncoder().encode(value),
              let v = try? JSONParser(limits: JSONLimits(maxBytes: data.count, maxStringBytes: data.count,
                                                         maxValues: data.count)).parse(bytes: [UInt8](data))
        else { return nil }
        self = v
    }
}
