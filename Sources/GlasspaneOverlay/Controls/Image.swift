// An image from a PNG/JPEG file (through the overlay's ImageLibrary) or from pixels made in code, drawn fit, fill or
// stretched; a file that cannot be shown draws a placeholder with the reason instead.
import GlasspaneCore
import GlasspaneDraw

/// Shows a picture (SwiftUI's `Image`). Like a label it ignores the pointer, so points on it reach what is behind.
/// A missing, truncated, corrupt or oversized file shows a placeholder with the reason (`loadError`) and is logged
/// once by the overlay's `ImageLibrary`; the frame loop goes on.
public final class Image: View, ScriptableControl {
    /// How the picture fills the view's bounds.
    public enum ContentMode: String, Hashable, Sendable, CaseIterable {
        /// Whole picture, aspect kept, centered (letterboxed).
        case fit
        /// Bounds covered, aspect kept, centered, the overflow clipped.
        case fill
        /// Bounds covered, aspect ignored.
        case stretch
    }

    /// Where the picture comes from.
    public enum Source: Equatable, Sendable {
        /// Nothing: the view draws nothing.
        case none
        /// A PNG or JPEG file, loaded the first time the view is laid out in an overlay.
        case file(String)
        /// Pixels made in code.
        case pixels(PixelImage)
    }

    /// The picture's source; setting it loads again at the next layout.
    public var source: Source {
        didSet {
            guard source != oldValue else { return }
            // The old picture's texture is freed now: each Import or signature would otherwise keep one more.
            if let loaded, let library = loadedFrom { library.release(loaded) }
            loaded = nil; loadError = nil; state = .pending; invalidateMeasurement(); setNeedsDisplay()
        }
    }
    /// The library `loaded` came from, to give it back.
    private weak var loadedFrom: ImageLibrary?
    /// Fit, fill or stretch.
    public var contentMode: ContentMode { didSet { if contentMode != oldValue { setNeedsDisplay() } } }
    /// Multiplies the picture's colors (`.untinted` leaves them).
    public var tint: Color = .untinted { didSet { if tint != oldValue { setNeedsDisplay() } } }
    /// Called once per load with the size in pixels or the error (after layout or `loadNow()`).
    public var onLoad: ((Result<PixelSize, ImageLoadError>) -> Void)?
    /// Why the source could not be shown, nil when it was (or is not loaded yet).
    public private(set) var loadError: ImageLoadError?
    /// The loaded picture, nil before loading or after an error.
    public private(set) var loaded: LoadedImage?
    /// The size placeholders take when nothing says otherwise, in points.
    public static let placeholderSize = Size(width: 220, height: 96)

    private enum LoadState { case pending, done }
    private var state = LoadState.pending

    /// An image from a file.
    public init(identifier: String = "", path: String, contentMode: ContentMode = .fit) {
        self.source = .file(path); self.contentMode = contentMode
        super.init(identifier: identifier)
        isUserInteractionEnabled = false
    }

    /// An image from pixels.
    public init(identifier: String = "", pixels: PixelImage, contentMode: ContentMode = .fit) {
        self.source = .pixels(pixels); self.contentMode = contentMode
        super.init(identifier: identifier)
        isUserInteractionEnabled = false
    }

    /// An empty image (set `source` later).
    public init(identifier: String = "", contentMode: ContentMode = .fit) {
        self.source = .none; self.contentMode = contentMode
        super.init(identifier: identifier)
        isUserInteractionEnabled = false
    }

    /// The file's path, nil for other sources.
    public var path: String? { if case .file(let p) = source { p } else { nil } }

    /// Loads the source now when the view is in an overlay and has not loaded it yet; the result (nil when not in
    /// an overlay, or nothing to load).
    @discardableResult
    public func loadNow() -> Result<PixelSize, ImageLoadError>? {
        guard state == .pending, let library = layer?.overlay?.images else { return nil }
        state = .done
        let result: Result<LoadedImage, ImageLoadError>
        switch source {
        case .none: return nil
        case .file(let path): result = library.load(path: path)
        case .pixels(let pixels): result = .success(library.register(pixels))
        }
        switch result {
        case .success(let image): loaded = image; loadError = nil; loadedFrom = library
        case .failure(let error): loaded = nil; loadError = error
        }
        let outcome = result.map(\.size)
        onLoad?(outcome)
        return outcome
    }

    /// The picture's pixels as points (scaled down to fit a finite proposal, aspect kept); the placeholder's size
    /// after an error.
    public override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size {
        loadNow()
        guard let loaded else { return loadError == nil ? .zero : Image.placeholderSize }
        let natural = Size(width: Double(loaded.size.width), height: Double(loaded.size.height))
        let scale = min(1, proposed.width.isFinite ? proposed.width / natural.width : 1,
                        proposed.height.isFinite ? proposed.height / natural.height : 1)
        return Size(width: (natural.width * scale).rounded(), height: (natural.height * scale).rounded())
    }

    /// Where the picture lands in `rect` for a content mode (pure: tests check it).
    public static func placement(of size: PixelSize, in rect: Rect, mode: ContentMode) -> Rect {
        guard size.width > 0, size.height > 0, rect.width > 0, rect.height > 0, mode != .stretch else { return rect }
        let sx = rect.width / Double(size.width), sy = rect.height / Double(size.height)
        let s = mode == .fit ? min(sx, sy) : max(sx, sy)
        let w = Double(size.width) * s, h = Double(size.height) * s
        return Rect(x: rect.minX + (rect.width - w) / 2, y: rect.minY + (rect.height - h) / 2, width: w, height: h)
    }

    /// The picture, clipped in fill mode; or the placeholder.
    public override func draw(in rect: Rect, context: inout PaintContext) {
        super.draw(in: rect, context: &context)
        loadNow()
        if let loaded, let handle = loaded.handle {
            let target = Image.placement(of: loaded.size, in: rect, mode: contentMode)
            let clips = contentMode == .fill && target != rect
            if clips { context.add(.pushClip(rect)) }
            context.add(.image(target, image: handle, tint: tint))
            if clips { context.add(.popClip) }
        } else if let loadError {
            drawPlaceholder(for: loadError, in: rect, context: &context)
        }
    }

    private func drawPlaceholder(for error: ImageLoadError, in rect: Rect, context: inout PaintContext) {
        let radius = theme.radii.control
        context.add(.rect(rect, color: themeColor(.control), cornerRadius: radius))
        context.add(.border(rect, color: themeColor(.invalid), width: theme.strokes.outline, cornerRadius: radius))
        let pad = theme.spacing.small
        let lines: [(String, Double, ColorToken)] = [
            (error.shortReason, theme.type.body, .invalid),
            (Image.fileName(of: error.path), theme.type.caption, .secondaryText),
        ]
        let heights = lines.map { context.fonts.measure("Ag", fontSize: $0.1).height }
        var y = rect.minY + max(pad, ((rect.height - heights.reduce(0, +)) / 2).rounded(.down))
        for (i, line) in lines.enumerated() where !line.0.isEmpty && y + heights[i] <= rect.maxY {
            let text = Image.truncated(line.0, width: rect.width - 2 * pad, fontSize: line.1, fonts: context.fonts)
            let width = context.fonts.measure(text, fontSize: line.1).width
            let x = rect.minX + max(pad, ((rect.width - width) / 2).rounded(.down))
            context.add(.glyphs(GlyphRun(text: text, origin: Point(x: x, y: y), fontSize: line.1, color: themeColor(line.2))))
            y += heights[i]
        }
    }

    /// The last path component (the placeholder has no room for directories).
    static func fileName(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// `text`, cut with an ellipsis to fit `width`.
    static func truncated(_ text: String, width: Double, fontSize: Double, fonts: any FontMetrics) -> String {
        if fonts.measure(text, fontSize: fontSize).width <= width { return text }
        var cut = text
        while !cut.isEmpty && fonts.measure(cut + "…", fontSize: fontSize).width > width { cut.removeLast() }
        return cut + "…"
    }

    /// `value` (the path), `state` (`loaded`, `failed`, `pending`, `empty`), `error` (the error's identifier),
    /// `size` (`WxH` pixels), `contentMode`.
    public func scriptValue(of property: String) -> String? {
        switch property {
        case "value": path ?? ""
        case "state":
            if case .none = source { "empty" } else if loaded != nil { "loaded" } else if loadError != nil { "failed" } else { "pending" }
        case "error": loadError?.identifier ?? ""
        case "size": loaded.map { "\($0.size.width)x\($0.size.height)" } ?? ""
        case "contentMode": contentMode.rawValue
        default: nil
        }
    }
}
