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
                Toggle("Built-in server", isOn: $usesBuiltIn)
            } footer: {
                Text("The fixture server runs inside the app: the menu works with nothing else installed.")
            }
            if !usesBuiltIn {
                Section {
                    TextField(ServerSetting.defaultAddress, text: $address)
                        .keyboardType(.URL)
                        .textInputAutocapitalization(.never)
                        .disableAutocorrection(true)
                } header: {
                    Text("Server address")
                } footer: {
                    Text(
                        "Start it on the Mac with `swift run fixture-server`. In the Simulator, 127.0.0.1 is the Mac; on a device, use the Mac's address and start the server with `--host 0.0.0.0`."
                    )
                }
            }
            Section {
                Button("Connect") { connect() }
                Text(restaurant.serverStatus)
                    .font(.footnote)
                    .foregroundColor(.secondary)
            }
        }
        .navigationTitle("Server")
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
