// The Sign sheet's Type tab (seed 004): the name typed in a field, a font chosen from a pop-up list of the fonts this
// machine has (`sign.font`, a menu-style Picker: its popover `sign.font.menu` lists `sign.font.option.<i>`), and a
// preview of the name drawn in that font (`sign.type.preview`), which Done puts in the toast.
import Foundation
import GlasspaneCore
import GlasspaneOverlay

/// A font the Type tab offers: its title and file.
public struct SignatureFont: Hashable, Sendable {
    /// The name shown in the list (`DejaVu Serif`).
    public var title: String
    /// The font file.
    public var path: String
    /// Creates a font entry.
    public init(_ title: String, path: String) { self.title = title; self.path = path }
}

/// The Type tab: `sign.field`, `sign.font`, `sign.type.preview`, `sign.type.status`.
@MainActor
final class SignatureType {
    /// Fonts Debian's fonts-dejavu-core and fonts-noto-core install; only those whose file exists are offered.
    nonisolated static let candidates: [SignatureFont] = {
        let dejavu = "/usr/share/fonts/truetype/dejavu/", noto = "/usr/share/fonts/truetype/noto/"
        return [
            SignatureFont("DejaVu Sans", path: dejavu + "DejaVuSans.ttf"),
            SignatureFont("DejaVu Serif", path: dejavu + "DejaVuSerif.ttf"),
            SignatureFont("DejaVu Sans Mono", path: dejavu + "DejaVuSansMono.ttf"),
            SignatureFont("DejaVu Serif Italic", path: dejavu + "DejaVuSerif-Italic.ttf"),
            SignatureFont("Noto Sans", path: noto + "NotoSans-Regular.ttf"),
            SignatureFont("Noto Serif", path: noto + "NotoSerif-Regular.ttf"),
            SignatureFont("Noto Serif Italic", path: noto + "NotoSerif-Italic.ttf"),
            SignatureFont("Noto Serif Display", path: noto + "NotoSerifDisplay-Regular.ttf"),
        ]
    }()
    /// The pixel size of the preview's glyphs (per em): drawn larger than shown, so `.fit` scales down, never up.
    static let previewPixelSize = 56
    /// The ink of a typed signature (on the paper backdrop, as imported and drawn ones).
    static let ink = Color(hex: "#1b2a5c")!

    /// The fonts offered here (those of `candidates` whose file is readable), at least one entry when any exists.
    let fonts: [SignatureFont]
    /// The name.
    let field: TextField
    /// The font list (menu style): the selected font's title.
    let fontPicker: Picker
    /// The name in the chosen font (empty until something is typed; nothing without a text rasterizer).
    let preview = Image(identifier: "sign.type.preview", contentMode: .fit)
    /// What the preview shows, or why it shows nothing.
    let status = Label(identifier: "sign.type.status", text: "Type your name, then pick a font", fontSize: 12)
    /// The tab's content (hidden until the tab is selected).
    let view: VStack

    init(field: TextField, fileExists: (String) -> Bool = { FileManager.default.isReadableFile(atPath: $0) }) {
        self.field = field
        fonts = Self.candidates.filter { fileExists($0.path) }
        fontPicker = Picker(identifier: "sign.font", options: fonts.map(\.title), style: .menu)
        fontPicker.tooltip = "The font the name is drawn in"
        field.preferredWidth = 184
        fontPicker.preferredWidth = 168  // "DejaVu Serif Italic" and the chevron
        preview.preferredWidth = 360
        preview.preferredHeight = 72
        preview.backgroundColor = SignatureImport.paper
        preview.cornerRadius = 6
        // Fill: the field and the list as tall as each other, so Tab goes from the field to the list (focus order is by
        // top edge, then left edge).
        let row = HStack(identifier: "sign.type.row", spacing: 8, alignment: .fill, [field, fontPicker])
        view = VStack(identifier: "sign.type", spacing: 6, alignment: .leading, [row, preview, status])
        view.isHidden = true
        fontPicker.onChange = { [unowned self] _ in refresh() }
    }

    /// The chosen font (nil when the machine has none of the candidates).
    var selectedFont: SignatureFont? { fonts.indices.contains(fontPicker.selection) ? fonts[fontPicker.selection] : nil }

    /// Draws the field's text in the chosen font into the preview; the status says what it shows or what went wrong.
    func refresh() {
        let name = field.text
        guard let font = selectedFont else { status.text = "No fonts found in /usr/share/fonts"; preview.source = .none; return }
        guard !name.isEmpty else { preview.source = .none; status.text = "Type your name, then pick a font"; return }
        guard let rasterizer = preview.layer?.overlay?.images.textRasterizer ?? field.layer?.overlay?.images.textRasterizer else {
            preview.source = .none; status.text = "\(font.title) (no text rasterizer installed)"; return
        }
        do throws(TextRasterFailure) {
            let picture = try rasterizer.rasterize(name, fontPath: font.path, pixelSize: Self.previewPixelSize, color: Self.ink)
            preview.source = .pixels(picture)
            status.text = "\(font.title), \(picture.size.width) x \(picture.size.height) pixels"
        } catch {
            preview.source = .none
            status.text = error.description
        }
    }

    /// The preview's picture for the toast (none when nothing was drawn).
    var picture: Image.Source { preview.source }

    /// Back to empty (after Done); the font choice stays.
    func reset() {
        preview.source = .none
        status.text = "Type your name, then pick a font"
    }
}
