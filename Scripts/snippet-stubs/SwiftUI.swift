// The SwiftUI declarations the documentation's snippets use, with the
// signatures and isolation of SwiftUI's own (the iOS 18 SDK): so that
// Scripts/snippets can type-check those snippets where SwiftUI does not exist
// (Linux). Where SwiftUI exists, the snippets are built against it instead.
// Nothing here draws anything; none of it runs. Views' initialisers are
// nonisolated, as SwiftUI's are: a view is made anywhere, its body is the
// main actor's.

@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@resultBuilder public struct ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<First: View, Second: View>(first: First) -> _ConditionalContent<First, Second> {
        _ConditionalContent()
    }
    public static func buildEither<First: View, Second: View>(second: Second) -> _ConditionalContent<First, Second> {
        _ConditionalContent()
    }
}

extension Optional: View where Wrapped: View {
    public var body: Never { fatalError() }
}

public struct EmptyView: View {
    public nonisolated init() {}
    public var body: Never { fatalError() }
}

public struct TupleView<T>: View {
    public nonisolated init(_ value: T) {}
    public var body: Never { fatalError() }
}

public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    public var body: Never { fatalError() }
}

public struct ModifiedContent<Content: View>: View {
    public var body: Never { fatalError() }
}

public struct LocalizedStringKey: ExpressibleByStringInterpolation, Sendable {
    public nonisolated init(_ value: String) {}
    public nonisolated init(stringLiteral value: String) {}
}

public struct Text: View {
    public nonisolated init(_ key: LocalizedStringKey) {}
    @_disfavoredOverload public nonisolated init<S: StringProtocol>(_ content: S) {}
    public var body: Never { fatalError() }
}

public struct Button<Label: View>: View {
    public var body: Never { fatalError() }
}

extension Button where Label == Text {
    public nonisolated init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {}
}

public struct Toggle<Label: View>: View {
    public var body: Never { fatalError() }
}

extension Toggle where Label == Text {
    public nonisolated init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) {}
    @_disfavoredOverload public nonisolated init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {}
}

public struct Slider<Label: View, ValueLabel: View>: View {
    public var body: Never { fatalError() }
}

extension Slider where Label == EmptyView, ValueLabel == EmptyView {
    public nonisolated init<V: BinaryFloatingPoint>(
        value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1, onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) where V.Stride: BinaryFloatingPoint {}
}

public struct VStack<Content: View>: View {
    public nonisolated init(@ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

public struct List<SelectionValue: Hashable, Content: View>: View {
    public var body: Never { fatalError() }
}

extension List where SelectionValue == Never {
    public nonisolated init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {}
}

public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    public var body: Never { fatalError() }
}

extension View {
    public func onAppear(perform action: (() -> Void)? = nil) -> ModifiedContent<Self> { ModifiedContent() }

    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void)
        -> ModifiedContent<Self>
    { ModifiedContent() }

    public func alert<A: View, M: View>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    ) -> ModifiedContent<Self> { ModifiedContent() }
}

@propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
    public nonisolated init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {}
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { self }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { fatalError() }
}

extension Binding: @unchecked Sendable {}

public protocol DynamicProperty {}

@propertyWrapper public struct State<Value>: DynamicProperty {
    public nonisolated init(wrappedValue value: Value) {}
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { fatalError() }
}

extension State: Sendable where Value: Sendable {}

public enum ScenePhase: Comparable, Hashable, Sendable {
    case background
    case inactive
    case active
}

public struct EnvironmentValues {
    public var scenePhase: ScenePhase { .active }
}

@propertyWrapper public struct Environment<Value>: DynamicProperty {
    public nonisolated init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    public var wrappedValue: Value { fatalError() }
}

@MainActor @preconcurrency public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Body { get }
}

extension Never: Scene {}

@resultBuilder public struct SceneBuilder {
    public static func buildExpression<Content: Scene>(_ content: Content) -> Content { content }
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

public struct WindowGroup<Content: View>: Scene {
    public nonisolated init(@ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

public struct _ModifiedScene<Content: Scene>: Scene {
    public var body: Never { fatalError() }
}

extension Scene {
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void)
        -> _ModifiedScene<Self>
    { _ModifiedScene() }
}

@MainActor @preconcurrency public protocol App {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Body { get }
    @MainActor @preconcurrency init()
}

extension App {
    @MainActor @preconcurrency public static func main() {}
}
