import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What an exchange with the server ended with, before the endpoint reads it: the body and the response of
/// a 2xx (or of a 304 answered from a ``ResponseCache``), or why it failed. `Exchange.swift` makes it.
typealias ExchangeOutcome = Result<(Data, HTTPURLResponse), APIError>
