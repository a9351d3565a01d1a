// Row positions for a list with measured row heights: a Fenwick tree of heights, so that the offset of a row, the
// row at an offset and a changed height each cost O(log n) for 100,000 rows (a prefix-sum array would cost O(n)
// per measured row).

/// The heights of `count` rows and their running sums.
struct RowOffsets {
    /// The number of rows.
    private(set) var count: Int
    /// Each row's height.
    private var heights: [Double]
    /// The Fenwick tree over `heights` (1-based: `tree[i]` sums the rows i − lowbit(i) ..< i).
    private var tree: [Double]

    /// `count` rows of one height.
    init(count: Int, height: Double) {
        self.init(heights: Array(repeating: height, count: count))
    }

    /// Rows of these heights.
    init(heights: [Double]) {
        count = heights.count
        self.heights = heights
        tree = Array(repeating: 0, count: count + 1)
        // Linear-time build: each node adds itself to its parent.
        for i in 1...max(count, 1) where i <= count {
            tree[i] += heights[i - 1]
            let parent = i + (i & -i)
            if parent <= count { tree[parent] += tree[i] }
        }
    }

    /// The rows after deleting `deleted` (ascending indices of these rows) and then inserting rows of `height` at
    /// `inserted` (ascending indices of the result): the rows that stay keep their heights, in one linear pass.
    func updated(deleting deleted: [Int], inserting inserted: [Int], height: Double) -> RowOffsets {
        var kept: [Double] = []
        kept.reserveCapacity(count - deleted.count)
        var d = 0
        for (i, h) in heights.enumerated() {
            if d < deleted.count && deleted[d] == i { d += 1; continue }
            kept.append(h)
        }
        var result: [Double] = []
        result.reserveCapacity(kept.count + inserted.count)
        var k = 0, n = 0
        while result.count < kept.count + inserted.count {
            if n < inserted.count && inserted[n] == result.count { result.append(height); n += 1 } else { result.append(kept[k]); k += 1 }
        }
        return RowOffsets(heights: result)
    }

    /// Row `index`'s height.
    func height(_ index: Int) -> Double { heights[index] }

    /// Sets row `index`'s height.
    mutating func setHeight(_ index: Int, _ height: Double) {
        let delta = height - heights[index]
        guard delta != 0 else { return }
        heights[index] = height
        var i = index + 1
        while i <= count { tree[i] += delta; i += i & -i }
    }

    /// The top of row `index` (the sum of the heights before it); `count` gives the total.
    func offset(of index: Int) -> Double {
        var sum = 0.0, i = index
        while i > 0 { sum += tree[i]; i -= i & -i }
        return sum
    }

    /// The total height.
    var total: Double { offset(of: count) }

    /// The row whose span contains `y` (clamped to the first and last rows); 0 for no rows.
    func index(containing y: Double) -> Int {
        guard count > 0 else { return 0 }
        var position = 0, remaining = y
        var step = 1
        while step * 2 <= count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next <= count && tree[next] <= remaining {
                position = next
                remaining -= tree[next]
            }
            step /= 2
        }
        return min(max(position, 0), count - 1)
    }
}
