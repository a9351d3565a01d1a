public struct GlasspaneCommand { public static func main() {} }
