// The Sign sheet's Import tab (a PNG/JPEG path typed in a field, shown as an Image, a clear error for a bad path) and
// the signature as pixels for the toast (the drawn strokes rasterized, or the imported image).
import Foundation
import GlasspaneCore
import GlasspaneOverlay

/// The Import tab: `sign.import.path` (Enter or `sign.import.show` loads it), the image `sign.import.image` (a
/// placeholder with the reason for a bad file) and the status line `sign.import.status`.
@MainActor
final class SignatureImport {
    /// The path field.
    let field = TextField(identifier: "sign.import.path")
    /// Loads the typed path.
    let show = Button(identifier: "sign.import.show", title: "Show")
    /// The picture (fit).
    let image = Image(identifier: "sign.import.image", contentMode: .fit)
    /// What happened: the size, or the error naming the file.
    let status = Label(identifier: "sign.import.status", text: "A PNG or JPEG, e.g. Examples/Images/signature.png", fontSize: 12)
    /// The tab's content.
    let view: VStack
    /// Called after each load.
    var onChange: (() -> Void)?
    /// The backdrop of imported and toasted signatures.
    static let paper = Color(hex: "#f8f9fa")!
    /// The longest path accepted, in characters.
    static let maximumPathLength = 1024

    init() {
        field.maxLength = SignatureImport.maximumPathLength
        field.preferredWidth = 280
        show.preferredWidth = 72
        image.preferredWidth = 360
        image.preferredHeight = 110
        // Paper behind the picture, as behind the pad: a dark signature stays readable on the dark sheet.
        image.backgroundColor = SignatureImport.paper
        image.cornerRadius = 6
        let row = HStack(identifier: "sign.import.row", spacing: 8, alignment: .center, [field, show])
        view = VStack(identifier: "sign.import", spacing: 6, alignment: .leading, [row, image, status])
        view.isHidden = true
        show.action = { [unowned self] in load() }
        field.onCommit = { [unowned self] _ in load() }
    }

    /// True once a file loaded.
    var isReady: Bool { image.loaded != nil }

    /// Loads the field's path into the image now, so the status and Done follow in the same frame.
    func load() {
        let path = field.text.trimmingCharacters(in: .whitespaces)
        image.source = path.isEmpty ? .none : .file(path)
        switch image.loadNow() {
        case .success(let size)?: status.text = "\(size.width) x \(size.height) pixels"
        case .failure(let error)?: status.text = error.shortReason + ": " + error.path
        case nil: status.text = path.isEmpty ? "Type a path first" : "Not loaded"
        }
        onChange?()
    }

    /// Back to empty (after Done).
    func reset() {
        field.setText("")
        image.source = .none
        status.text = "A PNG or JPEG, e.g. Examples/Images/signature.png"
    }

    /// The strokes drawn as round dots of `lineWidth` in `color` on a transparent image of `size` points (1 pixel per
    /// point); at most `DrawingPad.maximumDots` dots per stroke, so the work is bounded.
    static func rasterize(strokes: [[Point]], size: Size, lineWidth: Double, color: Color) -> PixelImage {
        let w = max(1, min(Int(size.width), 2048)), h = max(1, min(Int(size.height), 2048))
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        let r = max(0.5, lineWidth / 2)
        let ink = (UInt8(color.r * 255), UInt8(color.g * 255), UInt8(color.b * 255))
        for stroke in strokes {
            let points = DrawingPad.smoothed(stroke, spacing: 1, maximumPoints: DrawingPad.maximumDotsPerStroke)
            for p in points where p.x.isFinite && p.y.isFinite && abs(p.x) < 1e6 && abs(p.y) < 1e6 {
                // Points outside the canvas (a drag past the pad's edge) touch only the pixels inside it.
                let y0 = max(0, Int((p.y - r - 1).rounded(.down))), y1 = min(h - 1, Int((p.y + r + 1).rounded(.up)))
                let x0 = max(0, Int((p.x - r - 1).rounded(.down))), x1 = min(w - 1, Int((p.x + r + 1).rounded(.up)))
                guard y0 <= y1, x0 <= x1 else { continue }
                for y in y0...y1 {
                    for x in x0...x1 {
                        let dx = Double(x) + 0.5 - p.x, dy = Double(y) + 0.5 - p.y
                        let coverage = min(1, max(0, r + 0.5 - (dx * dx + dy * dy).squareRoot()))
                        let a = UInt8(coverage * color.a * 255), i = (y * w + x) * 4
                        if a > rgba[i + 3] { rgba[i] = ink.0; rgba[i + 1] = ink.1; rgba[i + 2] = ink.2; rgba[i + 3] = a }
                    }
                }
            }
        }
        return PixelImage(size: PixelSize(width: w, height: h), rgba: rgba)
    }
}
