// Stand-ins for the few UIKit types the screens use, so that code written for an iOS app target
// compiles on Linux and macOS, with the isolation UIKit gives it: UIKit's views and view controllers are
// `@MainActor`, so their subclasses are too, in every language mode. (No file here imports UIKit, so
// these never meet the real types.) On iOS the screens import UIKit itself, and this file is empty.
#if !os(iOS)
import Foundation

@MainActor
class UIViewController {
    var title: String?

    init(nibName: String?, bundle: Bundle?) {}

    required init?(coder: NSCoder) {}

    convenience init() {
        self.init(nibName: nil, bundle: nil)
    }

    func viewDidLoad() {}
}

@MainActor
class UIView {
    init() {}

    func setNeedsLayout() {}
}

@MainActor
final class UILabel: UIView {
    var text: String?
}

@MainActor
final class UIImageView: UIView {
    var image: UIImage?
}

@MainActor
class UITableViewCell: UIView {
    let textLabel: UILabel? = UILabel()
    let detailTextLabel: UILabel? = UILabel()
    let imageView: UIImageView? = UIImageView()

    override init() {}

    func prepareForReuse() {}
}

/// Only its bytes: a real `UIImage(data:)` would decode them.
final class UIImage {
    let data: Data

    init?(data: Data) {
        guard !data.isEmpty else { return nil }
        self.data = data
    }
}
#endif
