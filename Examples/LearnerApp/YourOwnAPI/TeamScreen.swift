import Foundation
import ServiceLayer

/// The team screen: a page of members, one member's card, a hire form, a promotion and a removal, each
/// updating the screen's own state in its completion; `refreshWithAsync` does the same with the twins.
#if EXPLICIT_MAIN_ACTOR
@MainActor
#endif
final class TeamScreen {
    let team: TeamController
    var members: [Member] = []
    var supportText: String?
    var names: [String] = []
    var card: Member?
    var hired: CreatedMember?
    var promoted: UpdatedMember?
    var removedIDs: [Int] = []
    var errorMessage: String?
    /// What the async twins brought back, one line per call.
    var asyncLog: [String] = []

    init(team: TeamController = .shared) {
        self.team = team
    }

    func load(page: Int, done: @escaping () -> Void) {
        team.fetchMembers(page: page, perPage: 4) { result in
            switch result {
            case .success(let page):
                self.members = page.data
                self.supportText = page.support?.text
            case .failure(let error):
                self.errorMessage = error.localizedDescription
            }
            done()
        }
    }

    func loadNames(page: Int, done: @escaping () -> Void) {
        team.fetchNames(page: page) { result in
            if case .success(let names) = result { self.names = names }
            done()
        }
    }

    func showCard(id: Int, done: @escaping () -> Void) {
        team.fetchMember(id: id) { result in
            switch result {
            case .success(let member): self.card = member
            case .failure(let error): self.errorMessage = error.localizedDescription
            }
            done()
        }
    }

    func hire(name: String, job: Job, done: @escaping () -> Void) {
        team.hire(NewMember(name: name, job: job, nickname: nil)) { result in
            switch result {
            case .success(let created): self.hired = created
            case .failure(let error): self.errorMessage = error.localizedDescription
            }
            done()
        }
    }

    func promote(_ member: Member, done: @escaping () -> Void) {
        team.update(id: member.id, NewMember(name: member.firstName, job: .manager, nickname: nil)) { result in
            if case .success(let updated) = result { self.promoted = updated }
            done()
        }
    }

    func remove(_ member: Member, done: @escaping () -> Void) {
        team.remove(id: member.id) { result in
            if case .success = result {
                self.removedIDs.append(member.id)
                self.members.removeAll { $0.id == member.id }
            }
            done()
        }
    }

    func refreshWithAsync(done: @escaping () -> Void) {
        Task {
            do {
                let page = try await team.fetchMembers(page: 2)
                asyncLog.append("page \(page.page): \(page.data.count) members")
                let member = try await team.fetchMember(id: page.data[0].id)
                asyncLog.append("member \(member.firstName)")
                asyncLog.append("names \(try await team.fetchNames(page: 1).count)")
                let hired = try await team.hire(NewMember(name: "Grace", job: .designer, nickname: "amazing"))
                asyncLog.append("hired \(hired.name) as \(hired.job.rawValue), \(hired.nickname ?? "no nickname")")
                let updated = try await team.update(
                    id: member.id, NewMember(name: "Grace", job: .engineer, nickname: nil))
                asyncLog.append("updated to \(updated.job.rawValue)")
                try await team.remove(id: member.id)
                asyncLog.append("removed")
            } catch {
                errorMessage = error.localizedDescription
            }
            done()
        }
    }
}
