import Foundation

// MARK: - A profile picture up

extension NetworkController {
    /// Uploads a user's profile picture: `POST users/<id>/avatar` with a `multipart/form-data` body
    /// whose `avatar` part is the image. Never retried, since it is a `POST` upload.
    ///
    /// ```swift
    /// NetworkController.shared.uploadAvatar(userID: 2, image: png, progress: { progress in
    ///     self.bar.progress = Float(progress.fractionSent ?? 0)  // on the main actor
    /// }) { result in
    ///     if case .success(let uploaded) = result { self.avatarURL = uploaded.avatar }
    /// }
    /// ```
    /// - Parameters:
    ///   - userID: The user's id.
    ///   - image: The image's bytes.
    ///   - fileName: The file name sent; `avatar.png` by default.
    ///   - contentType: The image's type; `image/png` by default.
    ///   - progress: Receives the bytes sent, on the main actor, at most about 30 times a second; `nil`
    ///     (no progress) by default.
    ///   - completion: Called once, on the main actor, with what the server stored or an ``APIError``
    ///     (413 for an image over the server's limit).
    /// - Returns: A handle to cancel the upload.
    @discardableResult
    public func uploadAvatar(
        userID: Int,
        image: Data,
        fileName: String = "avatar.png",
        contentType: String = "image/png",
        progress: (@MainActor (TransferProgress) -> Void)? = nil,
        completion: @escaping @MainActor (Result<UploadedAvatar, APIError>) -> Void
    ) -> RequestHandle {
        let endpoint = UsersAPI.uploadAvatar(userID: userID, image: image, fileName: fileName, contentType: contentType)
        guard let progress else { return client.send(endpoint, completion: completion) }
        return client.send(endpoint, progress: progress, completion: completion)
    }

    /// Uploads a user's profile picture: the `async` twin of
    /// ``uploadAvatar(userID:image:fileName:contentType:progress:completion:)``.
    /// - Parameters:
    ///   - userID: The user's id.
    ///   - image: The image's bytes.
    ///   - fileName: The file name sent; `avatar.png` by default.
    ///   - contentType: The image's type; `image/png` by default.
    ///   - progress: Receives the bytes sent, off the main actor, at most about 30 times a second;
    ///     `nil` (no progress) by default.
    /// - Returns: What the server stored.
    public func uploadAvatar(
        userID: Int,
        image: Data,
        fileName: String = "avatar.png",
        contentType: String = "image/png",
        progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws(APIError) -> UploadedAvatar {
        let endpoint = UsersAPI.uploadAvatar(userID: userID, image: image, fileName: fileName, contentType: contentType)
        let transfer = client.transfer(endpoint)
        if let progress {
            for await value in transfer.progress { progress(value) }
        }
        return try await transfer.value
    }
}
