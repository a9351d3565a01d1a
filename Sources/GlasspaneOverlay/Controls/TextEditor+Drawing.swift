// The text editor's lines on screen: laying paragraphs out when their text or the width changed, vertical caret
// movement over visual lines, hit testing, scrolling with the caret kept in sight, and drawing only the visible lines.
import GlasspaneCore
import GlasspaneDraw

extension TextEditor {
    /// The width text wraps at: the bounds less the padding and the scroll indicator.
    var wrapWidth: Double { max(bounds.width - 2 * TextEditor.padding - TextEditor.indicatorWidth, 1) }
    /// The height of the visible text area.
    var visibleHeight: Double { max(bounds.height - 2 * TextEditor.padding, 1) }

    /// Lays out the paragraphs that need it (all of them when the width, size or fonts changed) and their tops.
    func ensureLayout(fonts: any FontMetrics) {
        let key = EditorLayoutKey(width: wrapWidth, fontSize: fontSize, lineSpacing: lineSpacing, version: fonts.measurementVersion,
                                  fonts: ObjectIdentifier(fonts))
        if key != layoutKey {
            layoutKey = key
            for i in paragraphLayouts.indices { paragraphLayouts[i] = nil }
            paragraphTops.removeAll()
        }
        for i in paragraphLayouts.indices where paragraphLayouts[i] == nil {
            paragraphLayouts[i] = EditorParagraphLayout.make(paragraphs[i], width: key.width, fontSize: fontSize, lineSpacing: lineSpacing,
                                                             fonts: fonts)
        }
        if paragraphTops.count != paragraphs.count {
            paragraphTops.removeAll(keepingCapacity: true)
            var y = 0.0
            for layout in paragraphLayouts { paragraphTops.append(y); y += layout!.height }
            contentHeight = y
        }
    }

    /// The laid-out paragraph `p` (after `ensureLayout`).
    func layout(_ p: Int) -> EditorParagraphLayout { paragraphLayouts[p]! }

    /// Whether paragraph `p` reads right to left (its first strong character), when laid out by shaping fonts.
    func isRightToLeft(paragraph p: Int) -> Bool {
        guard let fonts = layer?.fonts else { return false }
        ensureLayout(fonts: fonts)
        return layout(p).isRightToLeft
    }

    /// The caret's line and its box in content coordinates (x from the text's left edge, y from the content's top).
    func caretBox(fonts: any FontMetrics) -> (paragraph: Int, line: Int, rect: Rect) {
        ensureLayout(fonts: fonts)
        let p = caretPosition.paragraph, paragraph = layout(p)
        let lineIndex = paragraph.lineIndex(forOffset: caretPosition.offset, upstream: caretAtLineEnd)
        let line = paragraph.lines[lineIndex]
        let x = paragraph.caretX(offset: caretPosition.offset, lineIndex: lineIndex)
        return (p, lineIndex, Rect(x: x, y: paragraphTops[p] + line.top, width: 1.5, height: line.height))
    }

    /// The visual line after (or before) line `line` of paragraph `p`, nil at the text's end (or start).
    func neighbourLine(paragraph p: Int, line: Int, down: Bool) -> (paragraph: Int, line: Int)? {
        if down {
            if line + 1 < layout(p).lines.count { return (p, line + 1) }
            return p + 1 < paragraphs.count ? (p + 1, 0) : nil
        }
        if line > 0 { return (p, line - 1) }
        return p > 0 ? (p - 1, layout(p - 1).lines.count - 1) : nil
    }

    /// Up/Down: `lines` visual lines, keeping the x the first vertical move started from; past the first or last line
    /// the caret goes to the text's start or end.
    func moveVertically(lines: Int, extending: Bool) {
        guard let fonts = layer?.fonts else { return }
        let box = caretBox(fonts: fonts)
        let goalX = preferredCaretX ?? box.rect.minX
        var current = (paragraph: box.paragraph, line: box.line)
        for _ in 0..<abs(lines) {
            guard let next = neighbourLine(paragraph: current.paragraph, line: current.line, down: lines > 0) else {
                moveCaret(to: lines > 0 ? endPosition : EditorPosition(paragraph: 0, offset: 0), extending: extending)
                return
            }
            current = next
        }
        let offset = layout(current.paragraph).offset(nearestX: goalX, lineIndex: current.line)
        moveCaret(to: EditorPosition(paragraph: current.paragraph, offset: offset), extending: extending, keepsPreferredX: true)
        preferredCaretX = goalX
    }

    /// PageUp/PageDown: a screenful of lines, and the view scrolls by as much.
    func movePage(down: Bool, extending: Bool) {
        guard let fonts = layer?.fonts else { return }
        let box = caretBox(fonts: fonts)
        let lines = max(1, Int(visibleHeight / max(box.rect.height, 1)))
        let before = box.rect.minY
        moveVertically(lines: down ? lines : -lines, extending: extending)
        let after = caretBox(fonts: fonts).rect.minY
        setContentOffsetY(contentOffsetY + (after - before))
    }

    /// Home/End: the visual line's start or end (a wrapped line's end keeps the caret on that line).
    func moveToLineEdge(end: Bool, extending: Bool) {
        guard let fonts = layer?.fonts else { return }
        let box = caretBox(fonts: fonts)
        let paragraph = layout(box.paragraph)
        let line = paragraph.lines[box.line]
        let offset = end ? line.characters.upperBound : line.characters.lowerBound
        moveCaret(to: EditorPosition(paragraph: box.paragraph, offset: offset), extending: extending,
                  atLineEnd: end && box.line < paragraph.lines.count - 1)
    }

    /// The position nearest to a point in view coordinates; `atLineEnd` when it is a wrapped line's end.
    func position(at point: Point, fonts: any FontMetrics) -> (position: EditorPosition, atLineEnd: Bool) {
        ensureLayout(fonts: fonts)
        let y = point.y - TextEditor.padding + contentOffsetY, x = point.x - TextEditor.padding
        if y < 0 { return (EditorPosition(paragraph: 0, offset: 0), false) }
        let p = paragraphIndex(atY: y)
        let paragraph = layout(p)
        let localY = y - paragraphTops[p]
        let lineIndex = paragraph.lines.lastIndex { $0.top <= localY } ?? 0
        return (EditorPosition(paragraph: p, offset: paragraph.offset(nearestX: x, lineIndex: lineIndex)), false)
    }

    /// The paragraph whose box holds content y (the last one below the end).
    func paragraphIndex(atY y: Double) -> Int {
        var low = 0, high = paragraphTops.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if paragraphTops[middle] <= y { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Sets the scroll offset, clamped to the content.
    func setContentOffsetY(_ y: Double) {
        let clamped = min(max(y, 0), max(contentHeight - visibleHeight, 0))
        if clamped != contentOffsetY { contentOffsetY = clamped; setNeedsDisplay() }
    }

    /// Scrolls by a wheel step of three lines; false when already at that edge.
    func scrollByWheel(dy: Double) -> Bool {
        let step = fontSize * lineSpacing * 1.2 * 3
        let before = contentOffsetY
        setContentOffsetY(contentOffsetY - dy * step)
        return contentOffsetY != before
    }

    /// The proposal's width (or 320 points) and six lines.
    func editorSize(_ proposed: Size, fonts: any FontMetrics) -> Size {
        let line = fonts.measure("Ag", fontSize: fontSize).height * lineSpacing
        return Size(width: proposed.width.isFinite ? proposed.width : 320, height: (line * 6 + 2 * TextEditor.padding).rounded(.up))
    }

    /// Background, outline, the visible lines' selection and text, the composition, the caret, the scroll indicator and
    /// the limit hint (or, when a paragraph's layout was cut, the layout hint).
    func drawEditor(in rect: Rect, context: inout PaintContext) {
        let fonts = context.fonts
        ensureLayout(fonts: fonts)
        let radius = presentationCornerRadius
        let fill = themedBackground(.field), textColor = themeColor(.text, overriddenBy: self.textColor)
        context.add(.rect(rect, color: fill, cornerRadius: radius))
        let outline = isFocused ? themeColor(.focusRing, overriddenBy: focusColor) : themedBorder(.fieldBorder)
        context.add(.border(rect, color: outline, width: isFocused ? 2 : borderWidth, cornerRadius: radius))
        let caret = caretBox(fonts: fonts)
        if needsCaretInSight {
            needsCaretInSight = false
            if caret.rect.minY < contentOffsetY { setContentOffsetY(caret.rect.minY) }
            if caret.rect.maxY > contentOffsetY + visibleHeight { setContentOffsetY(caret.rect.maxY - visibleHeight) }
        }
        setContentOffsetY(contentOffsetY)  // clamp after the content shrank
        let origin = Point(x: rect.minX + TextEditor.padding, y: rect.minY + TextEditor.padding - contentOffsetY)
        context.add(.pushClip(rect.insetBy(2)))
        let lo = min(anchorPosition, caretPosition), hi = max(anchorPosition, caretPosition)
        let selectionColor = themeColor(.textSelection, overriddenBy: self.selectionColor)
        var p = paragraphIndex(atY: contentOffsetY)
        while p < paragraphs.count, paragraphTops[p] < contentOffsetY + visibleHeight + TextEditor.padding {
            let paragraph = layout(p)
            let top = origin.y + paragraphTops[p]
            if isFocused, lo != hi, lo.paragraph <= p, p <= hi.paragraph {
                let from = p == lo.paragraph ? lo.offset : 0, to = p == hi.paragraph ? hi.offset : paragraph.scalarOffsets.count - 1
                for span in paragraph.selectionSpans(characters: from..<to, includesNewline: p < hi.paragraph) {
                    let line = paragraph.lines[span.line]
                    context.add(.rect(Rect(x: origin.x + span.x0, y: top + line.top, width: span.x1 - span.x0, height: line.height),
                                      color: selectionColor, cornerRadius: 0))
                }
            }
            for line in paragraph.lines where top + line.top + line.height > rect.minY && top + line.top < rect.maxY {
                let lineOrigin = Point(x: origin.x + line.originX, y: top + line.top)
                if let plain = line.plainText {
                    if !plain.isEmpty {
                        context.add(.glyphs(GlyphRun(text: plain, origin: lineOrigin, fontSize: fontSize, color: textColor)))
                    }
                } else {
                    for run in line.runs {
                        context.add(.glyphs(GlyphRun(text: run.text, origin: lineOrigin, fontSize: run.fontSize, color: textColor,
                                                     shaped: ShapedGlyphs(baseline: line.baseline, glyphs: run.glyphs))))
                    }
                }
            }
            p += 1
        }
        var caretRect = Rect(x: origin.x + caret.rect.minX, y: origin.y + caret.rect.minY, width: 1.5, height: caret.rect.height)
        if isFocused && !markedText.isEmpty {
            caretRect.origin.x = TextComposition.draw(markedText, cursor: markedCursor, at: caretRect.origin, lineHeight: caret.rect.height,
                                                      fontSize: fontSize, fill: fill, color: textColor, fonts: fonts, context: &context)
        }
        lastCaretRect = Rect(x: caretRect.minX - rect.minX, y: caretRect.minY - rect.minY, width: caretRect.width, height: caretRect.height)
        if isFocused {
            context.add(.rect(Rect(x: caretRect.minX.rounded(), y: caretRect.minY + 2, width: 1.5, height: caretRect.height - 4),
                              color: textColor, cornerRadius: 0))
        }
        context.add(.popClip)
        if let thumb = indicatorThumb() {
            // The scroll indicator: where the visible part sits in the whole (dragged: TextEditor+Scrolling.swift).
            context.add(.rect(Rect(x: rect.maxX - TextEditor.indicatorWidth - 1, y: rect.minY + thumb.top, width: TextEditor.indicatorWidth - 2,
                                   height: thumb.height), color: textColor.withAlpha(indicatorGrab == nil ? 0.35 : 0.6), cornerRadius: 2))
        }
        if inputWasCut || layoutIsCut {
            let hint = inputWasCut ? limitHint.replacing("%d", with: String(maxLength)) : layoutCutHint
            let size = fontSize * 0.8
            let measured = fonts.measure(hint, fontSize: size)
            let box = Rect(x: rect.maxX - measured.width - 12, y: rect.maxY - measured.height - 6, width: measured.width + 8, height: measured.height + 2)
            let invalid = themeColor(.invalid)
            context.add(.rect(box, color: fill, cornerRadius: 3))
            context.add(.border(box, color: invalid, width: 1, cornerRadius: 3))
            context.add(.glyphs(GlyphRun(text: hint, origin: Point(x: box.minX + 4, y: box.minY + 1), fontSize: size, color: invalid)))
        }
    }
}
