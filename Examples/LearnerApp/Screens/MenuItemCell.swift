import Foundation
import ServiceLayer

#if os(iOS)
import UIKit  // on Linux and macOS, UIKitStandIns.swift stands in
#endif

// The README's table cell: it shows a dish and loads its picture, and a reused cell cancels the
// request it no longer needs.
final class MenuItemCell: UITableViewCell {
    private var imageRequest: RequestHandle?

    func show(_ item: MenuItem) {
        textLabel?.text = item.name
        detailTextLabel?.text = item.formattedPrice
        imageRequest = MenuController.shared.fetchImage(url: item.imageURL) { [weak self] result in
            guard case .success(let data) = result else { return }
            self?.imageView?.image = UIImage(data: data)
            self?.setNeedsLayout()
        }
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        imageRequest?.cancel()  // its completion gets .cancelled, exactly once
    }
}
