// The Options sheet's anti-aliasing picker: the sample counts the session's GL context supports, applied to the next
// frame (the session re-creates its multisampled target; Session+MSAA.swift in GlasspaneRuntime).
import GlasspaneOverlay

extension DemoNavigation {
    /// The picker before the session says what it supports: every count of `DemoOptionChoices.msaaSamples`, 4x chosen
    /// (the `--msaa` default).
    static func makeMSAAPicker() -> Picker {
        let picker = Picker(identifier: "options.msaa", options: DemoOptionChoices.msaaSamples.map(Self.msaaTitle), selection: 2)
        picker.tooltip = "Multisample anti-aliasing of the scene, from the next frame"
        return picker
    }

    /// "Off" for 1 sample, else "4x".
    static func msaaTitle(_ samples: Int) -> String { samples <= 1 ? "Off" : "\(samples)x" }

    /// Offers the counts of `DemoOptionChoices.msaaSamples` that `supported` holds (Off always), `current` selected
    /// (or the nearest offered count below it).
    public func offerMSAA(supported: [Int], current: Int) {
        msaaChoices = DemoOptionChoices.msaaSamples.filter { $0 == 1 || supported.contains($0) }
        let index = msaaChoices.lastIndex { $0 <= current } ?? 0
        msaaPicker.setOptions(msaaChoices.map(Self.msaaTitle), selection: index)
    }

    /// The user picked an entry: the session applies it from the next frame; the picker shows what was applied.
    func applyMSAA(_ index: Int) {
        guard msaaChoices.indices.contains(index), let setMSAA else { return }
        let applied = setMSAA(msaaChoices[index])
        if let shown = msaaChoices.lastIndex(where: { $0 <= applied }), shown != index { msaaPicker.selection = shown }
    }
}
