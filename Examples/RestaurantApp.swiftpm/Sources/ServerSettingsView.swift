import SwiftUI

/// The Server tab: the app's one setting, which fixture server it talks to.
@MainActor
struct ServerSettingsView: View {
    @EnvironmentObject private var restaurant: Restaurant
    @AppStorage(ServerSetting.usesBuiltInKey) private var usesBuiltIn = ServerSetting.usesBuiltInByDefault
    @AppStorage(ServerSetting.addressKey) private var address = ServerSetting.defaultAddress

    var body: some View {
        Form {
            Section {
                // The switch takes effect at once: no Connect needed to start or leave the built-in server.
                Toggle("Built-in server", isOn: Binding(get: { usesBuiltIn }, set: switchBuiltIn))
            } footer: {
                Text(
                    usesBuiltIn
                        ? "On: the fixture server runs inside the app, so the menu works with nothing else installed."
                        : "Off: the app talks to the server at the address below. Turn it on to run the server inside the app."
                )
            }
            if !usesBuiltIn {
                Section {
                    TextField(ServerSetting.defaultAddress, text: $address)
                        .keyboardType(.URL)
                        .textInputAutocapitalization(.never)
                        .disableAutocorrection(true)
                        .onSubmit { connect() }
                    Button("Connect") { connect() }
                } header: {
                    Text("Server address")
                } footer: {
                    Text(
                        "Start it on the Mac with `swift run fixture-server`. In the Simulator, 127.0.0.1 is the Mac; on a device, use the Mac's address and start the server with `--host 0.0.0.0`. Connect (or Return) uses the address."
                    )
                }
            }
            Section {
                Text(restaurant.serverStatus)
                    .font(.footnote)
                    .foregroundColor(.secondary)
            } header: {
                Text("Now")
            }
        }
        .navigationTitle("Server")
    }

    /// The toggle's setter: stores the choice and connects to it at once.
    private func switchBuiltIn(_ on: Bool) {
        usesBuiltIn = on
        connect()
    }

    /// Points the app at the server the setting names now.
    private func connect() {
        if usesBuiltIn {
            restaurant.connect(to: .builtIn)
        } else if let url = ServerSetting.baseURL(address) {
            restaurant.connect(to: .address(url))
        } else {
            restaurant.reject(address: address)
        }
    }
}
