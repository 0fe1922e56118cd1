// `import ServiceLayer` brings the whole core with the controllers: the endpoints, `APIClient`, the seams,
// the errors, the caches and the transfers are in the module `ServiceLayerCore`, which this module
// re-exports. The controllers in `Menu/`, `Users/` and `Accounts/` use its public API only, as your own
// controller does; an app that only wants the core can depend on the `ServiceLayerCore` product instead.
@_exported import ServiceLayerCore
