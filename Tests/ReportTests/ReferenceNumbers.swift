import Foundation
import SessionLog
import TodoDomain

/// The journey numbers computed the obvious way, as an analyst would from the
/// definitions: every frame and state in memory, the journey found by
/// following parents from the newest frame, each of its events judged by the
/// state of its parent. Nothing of it is shared with ``SessionMetrics``
/// (no spill, no branch points, no sheet tracker), so where the two agree
/// over many random logs, the streaming walk is right.
struct ReferenceNumbers: Equatable {
    var undoneFrames = 0
    var sheetsOpened = 0
    var sheetsTyped = 0
    var sheetsAdded = 0
    var sheetsCancelled = 0
    var sheetsReplaced = 0
    var sheetsOpenAtEnd = 0
    var itemsAdded = 0
    var addedSheetKeystrokes = 0
    /// Every time from + to Add, sorted.
    var plusToAdd: [Int64] = []
    /// Per position of the final state: toggles.
    var toggles: [Int] = []
    /// Events with a time (every branch).
    var eventsWithTime = 0

    init(_ result: ReplayResult) {
        let frames = result.frames
        let states = result.allStates
        let newest = frames.count
        var onJourney = [Bool](repeating: false, count: newest + 1)
        var frame = newest
        while true {
            onJourney[frame] = true
            if frame == 0 { break }
            frame = frames[frame - 1].parent
        }
        undoneFrames = onJourney.filter { !$0 }.count
        let times =
            frames.compactMap { $0.stamp.timestamp?.millisecondsSince1970 }
            + result.travels.compactMap { $0.stamp.timestamp?.millisecondsSince1970 }
        eventsWithTime = frames.filter { $0.stamp.timestamp != nil }.count
        let start = result.outcome?.header?.startedAt?.millisecondsSince1970 ?? times.min()
        func tMs(_ frame: Frame) -> Int64? {
            guard let time = frame.stamp.timestamp?.millisecondsSince1970, let start else { return nil }
            return Int64((time - start).rounded(.toNearestOrAwayFromZero))
        }
        var keys = 0
        var plusAt: Int64?
        toggles = [Int](repeating: 0, count: states[newest].todoItems.count)
        for frame in frames where onJourney[frame.index] {
            let before = states[frame.parent]
            switch frame.event {
            case .startCreatingItem:
                if before.isCreatingItem { sheetsReplaced += 1 }
                sheetsOpened += 1
                keys = 0
                plusAt = tMs(frame)
            case .changePartialItemName:
                if before.isCreatingItem {
                    if keys == 0 { sheetsTyped += 1 }
                    keys += 1
                }
            case .addItem:
                if before.isCreatingItem {
                    sheetsAdded += 1
                    addedSheetKeystrokes += keys
                    if let plusAt, let added = tMs(frame) { plusToAdd.append(added - plusAt) }
                }
                itemsAdded += 1
            case .cancelCreatingItem:
                if before.isCreatingItem { sheetsCancelled += 1 }
            case .setItemDone(let id, let isDone):
                if let position = before.todoItems.firstIndex(where: { $0.id == id }), before.todoItems[position].isFinished != isDone {
                    toggles[position] += 1
                }
            }
        }
        if states[newest].isCreatingItem { sheetsOpenAtEnd = 1 }
        plusToAdd.sort()
    }
}
