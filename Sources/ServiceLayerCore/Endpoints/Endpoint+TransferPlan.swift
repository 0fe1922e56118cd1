import Foundation

extension Endpoint {
    /// The endpoint's transfer: its body's upload, its download destination, its progress counter, its event sink.
    var transferPlan: TransferPlan {
        TransferPlan(
            upload: body?.upload ?? .none, destination: extras.downloadDestination, progress: extras.progress,
            events: extras.eventSink)
    }
}
