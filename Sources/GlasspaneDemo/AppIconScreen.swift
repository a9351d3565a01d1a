// The App icon screen (route `app-icon`, seed 003's appIcon): a grid of icons drawn in code (the demo's cube on a
// rounded tile, one per color); a click, or Enter/Space/A on the focused one, makes it the window's icon through
// `PlatformBackend.setWindowIcon` (SDL_SetWindowIcon), wired by `DemoApp.attachWindowIcon(to:)`.
import GlasspaneCore
import GlasspaneOverlay
import Synchronization

/// The screen: `appicon.panel` with the tiles `appicon.icon.<i>`, the line `appicon.status` and `appicon.back`.
@MainActor
public final class AppIconScreen {
    /// The icons offered: a title and the cube's color.
    public static let choices: [(title: String, color: Color)] = [
        ("Orange", Color(hex: "#ed7329")!), ("Blue", Color(hex: "#2e86de")!), ("Green", Color(hex: "#2b8a3e")!),
        ("Violet", Color(hex: "#7048e8")!), ("Red", Color(hex: "#c92a2a")!), ("Graphite", Color(hex: "#868e96")!),
    ]
    /// The icons' side in pixels.
    nonisolated public static let iconSide = 64
    /// Tiles per row.
    static let columns = 3

    /// The screen's root view (centered in the screen layer).
    public let view: View
    /// The tiles, in `choices` order.
    public let tiles: [IconTile]
    /// "Window icon: Orange".
    public let status: Label
    /// The chosen icon's index.
    public private(set) var selection = 0
    /// Called with the chosen icon's pixels (the app sets the window's icon).
    public var onChoose: ((WindowIcon) -> Void)?

    /// Builds the screen with the demo's themed label, button and panel makers (the caller hides it and wires Back).
    init(makeButton: (String, String) -> Button, makeLabel: (String, String, Double) -> Label,
         makePanel: (String, [View]) -> Panel) {
        let tiles = AppIconScreen.choices.enumerated().map { i, choice in
            IconTile(identifier: "appicon.icon.\(i)", title: choice.title, color: choice.color)
        }
        self.tiles = tiles
        status = makeLabel("appicon.status", "Window icon: \(AppIconScreen.choices[0].title)", 14)
        let rows = stride(from: 0, to: tiles.count, by: AppIconScreen.columns).map { start in
            HStack(identifier: "appicon.row.\(start / AppIconScreen.columns)", spacing: 12, alignment: .center,
                   Array(tiles[start..<min(start + AppIconScreen.columns, tiles.count)]))
        }
        let grid = VStack(identifier: "appicon.grid", spacing: 12, alignment: .leading, rows)
        let panel = makePanel("appicon.panel", [makeLabel("appicon.title", "App icon", 18), grid, status, makeButton("appicon.back", "Back")])
        view = CenteringContainer(identifier: "app-icon", content: panel)
        tiles[0].isSelected = true
        for (i, tile) in tiles.enumerated() { tile.onSelect = { [unowned self] in choose(i) } }
    }

    /// The icon at `index` as a window icon (the drawing is 64 x 64, within `WindowIcon.maximumSide`).
    public func windowIcon(at index: Int) -> WindowIcon {
        let pixels = tiles[index].pixels
        // Cannot throw: `icon(color:)` draws iconSide x iconSide pixels with 4 bytes each.
        return try! WindowIcon(size: pixels.size, rgba: pixels.rgba)
    }

    /// Chooses an icon as the user did: marks its tile, updates the status, hands its pixels to `onChoose`.
    public func choose(_ index: Int) {
        guard tiles.indices.contains(index) else { return }
        selection = index
        for (i, tile) in tiles.enumerated() { tile.isSelected = i == index }
        status.text = "Window icon: \(AppIconScreen.choices[index].title)"
        onChoose?(windowIcon(at: index))
    }

    /// The demo's cube seen corner-on (three shaded faces) on a dark rounded tile, `iconSide` pixels square, with
    /// one pixel of coverage antialiasing on the tile's corners.
    nonisolated public static func icon(color: Color, side: Int = iconSide) -> PixelImage {
        // Drawn once per process: every demo made (a test makes dozens) shows the same six.
        if let drawn = drawnIcons.withLock({ $0[IconKey(color: color, side: side)] }) { return drawn }
        let image = drawIcon(color: color, side: side)
        drawnIcons.withLock { if $0.count < 64 { $0[IconKey(color: color, side: side)] = image } }
        return image
    }

    private struct IconKey: Hashable, Sendable { var color: Color; var side: Int }
    nonisolated private static let drawnIcons = Mutex<[IconKey: PixelImage]>([:])

    nonisolated private static func drawIcon(color: Color, side: Int) -> PixelImage {
        let s = Double(side)
        let c = Point(x: s / 2, y: s / 2), r = s * 0.36
        // The hexagon's corners, clockwise from the top; the center is the cube's near corner.
        let top = Point(x: c.x, y: c.y - r), upperRight = Point(x: c.x + r * 0.866, y: c.y - r / 2)
        let lowerRight = Point(x: c.x + r * 0.866, y: c.y + r / 2), bottom = Point(x: c.x, y: c.y + r)
        let lowerLeft = Point(x: c.x - r * 0.866, y: c.y + r / 2), upperLeft = Point(x: c.x - r * 0.866, y: c.y - r / 2)
        let faces: [([Point], Double)] = [([top, upperRight, c, upperLeft], 1.25), ([upperLeft, c, bottom, lowerLeft], 1.0),
                                           ([c, upperRight, lowerRight, bottom], 0.7)]
        // Edges worked out once: the test runs for every pixel (allocating per call made the demo's start slow in
        // debug builds, which every demo test pays).
        let polygons = faces.map { (polygon: ConvexPolygon($0.0), shade: $0.1) }
        let tile = (r: UInt8(34), g: UInt8(38), b: UInt8(46)), corner = s * 0.2
        var rgba = [UInt8](repeating: 0, count: side * side * 4)
        for y in 0..<side {
            for x in 0..<side {
                let p = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                // Rounded tile: the distance past the corner circle decides coverage.
                let dx = max(0, max(corner - p.x, p.x - (s - corner))), dy = max(0, max(corner - p.y, p.y - (s - corner)))
                let coverage = min(1, max(0, corner + 0.5 - (dx * dx + dy * dy).squareRoot()))
                var px = (tile.r, tile.g, tile.b)
                var shade: Double?
                for face in polygons where shade == nil && face.polygon.contains(p) { shade = face.shade }
                if let k = shade {
                    func channel(_ v: Double) -> UInt8 { UInt8(min(255, (v * k * 255).rounded())) }
                    px = (channel(color.r), channel(color.g), channel(color.b))
                }
                let i = (y * side + x) * 4
                rgba[i] = px.0; rgba[i + 1] = px.1; rgba[i + 2] = px.2; rgba[i + 3] = UInt8(coverage * 255)
            }
        }
        return PixelImage(size: PixelSize(width: side, height: side), rgba: rgba)
    }
}

/// A convex polygon, clockwise in screen coordinates, as its edges' start points and directions.
struct ConvexPolygon {
    private var edges: [(x: Double, y: Double, dx: Double, dy: Double)] = []

    init(_ corners: [Point]) {
        for (i, a) in corners.enumerated() {
            let b = corners[(i + 1) % corners.count]
            edges.append((a.x, a.y, b.x - a.x, b.y - a.y))
        }
    }

    /// Whether `p` is inside or on an edge.
    func contains(_ p: Point) -> Bool {
        for e in edges where e.dx * (p.y - e.y) - e.dy * (p.x - e.x) < 0 { return false }
        return true
    }
}

/// One icon of the grid: the picture, a ring in the accent while chosen, hover and pressed fills, the focus ring.
/// Script properties: `isOn` (chosen), `value` (the title), `isEnabled`.
public final class IconTile: Control, ScriptableControl {
    /// The icon's name.
    public let title: String
    /// The cube's color.
    public let color: Color
    /// The icon's pixels (what the window gets), drawn on first use: the demo builds every screen at start, and
    /// six icons cost that start time for a screen rarely shown.
    public private(set) lazy var pixels = AppIconScreen.icon(color: color)
    /// Whether this is the chosen icon.
    public var isSelected = false { didSet { if isSelected != oldValue { setNeedsDisplay() } } }
    /// Called on a click, or Enter/Space.
    var onSelect: (() -> Void)?
    private let image: Image

    init(identifier: String, title: String, color: Color) {
        self.title = title
        self.color = color
        image = Image(identifier: "\(identifier).image", contentMode: .fit)
        image.hitTestBehavior = .deferToChildren  // the tile takes the press
        super.init(identifier: identifier)
        tooltip = title
        addSubview(image)
    }

    /// 84 points square: the 64-point picture and its margin.
    public override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size { Size(width: 84, height: 84) }
    /// The picture in the middle.
    public override func layoutSubviews(fonts: any FontMetrics) {
        if image.source == .none { image.source = .pixels(pixels) }
        image.frame = Rect(x: 10, y: 10, width: bounds.width - 20, height: bounds.height - 20)
    }
    /// The tile's fill by state, the accent ring when chosen, the focus ring.
    public override func draw(in rect: Rect, context: inout PaintContext) {
        let radius = theme.radii.control
        context.add(.rect(rect, color: stateFill(pressed: isPressed, hovered: isHovered), cornerRadius: radius))
        if isSelected {
            context.add(.border(rect.insetBy(2), color: enabledColor(themeColor(.accent)), width: 3, cornerRadius: radius))
        }
        drawFocusRing(rect, cornerRadius: radius, context: &context)
    }
    /// Chooses this icon.
    public override func clicked(at location: Point?) { onSelect?() }

    /// `isOn` (chosen), `value`/`text` (the title), `isEnabled`.
    public func scriptValue(of property: String) -> String? {
        switch property {
        case "isOn", "selected": String(isSelected)
        case "value", "text": title
        case "isEnabled", "enabled": String(isEnabled)
        default: nil
        }
    }
}

extension DemoApp {
    /// Gives the window the chosen icon now, and each icon chosen on the App icon screen from then on.
    public func attachWindowIcon(to platform: any PlatformBackend) {
        let screen = navigation.appIcon
        screen.onChoose = { [weak platform] icon in platform?.setWindowIcon(icon) }
        platform.setWindowIcon(screen.windowIcon(at: screen.selection))
    }
}
