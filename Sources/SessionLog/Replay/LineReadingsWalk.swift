import SessionLogCodec

/// A run of read lines being replayed, and where its next line and next
/// reading are: the one walk over a run that both a whole-log replay
/// (``LogReplayer``) and a frame-at-a-time one (``LogStepper``) make, with
/// the same counting of blank, unread and dropped lines.
struct LineReadingsWalk {
    let lineReadings: LineReadings
    private var line = 0
    private var reading = 0
    /// Inside a line that had readings: how many are left, and whether it made a record.
    private var readingsLeft: Int?
    private var lineMadeRecord = false

    init(_ lineReadings: LineReadings = LineReadings()) {
        self.lineReadings = lineReadings
    }

    /// Replays the run's lines in order into `replay`, handing its
    /// entries to `emit`. With `stoppingAfterFrame`, returns `true` as soon as
    /// a reading made a frame (call again to go on); returns `false` once the
    /// run is done.
    mutating func replay(through replay: inout SessionReplay, stoppingAfterFrame: Bool, into emit: (ReplayEntry) -> Void) -> Bool {
        while true {
            if let left = readingsLeft {
                if left > 0 {
                    readingsLeft = left - 1
                    let frames = replay.frameCount
                    replay.replay(lineReadings.readings[reading], into: emit)
                    reading += 1
                    if stoppingAfterFrame && replay.frameCount > frames { return true }
                } else {
                    readingsLeft = nil
                    if !lineMadeRecord { replay.count(dropped: true) }
                }
                continue
            }
            guard line < lineReadings.lines.count else { return false }
            switch lineReadings.lines[line] {
            case .blank: replay.count(blank: true)
            case .unread: replay.count(unread: true)
            case .read(let count, let madeRecord):
                readingsLeft = count
                lineMadeRecord = madeRecord
            }
            line += 1
        }
    }
}
