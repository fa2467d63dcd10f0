import Aggregation
import Core
import Exporters
import Foundation
import ReportGen

/// Who gets a family's recap and why the others do not (docs/delivery.md, "Who gets a message").
package struct RecipientPlan: Sendable {
    package struct Recipient: Sendable, Equatable {
        package let address: MIMEMessage.Address
        /// The users.id the address came from; nil for an address of the job's list.
        package let userID: String?
        /// The address as stored, as the manifest names it (`address` is trimmed).
        package let stored: String
    }

    package struct Skipped: Sendable, Equatable {
        /// The address as stored, as the manifest names it.
        package let email: String
        package let userID: String?
        package let reason: NotSentReason

        package init(email: String, userID: String?, reason: NotSentReason) {
            self.email = email
            self.userID = userID
            self.reason = reason
        }
    }

    package var recipients: [Recipient] = []
    package var skipped: [Skipped] = []

    /// - Parameters:
    ///   - digestOff: user ids whose `weekly_digest` preference has e-mail off.
    ///   - optedOut: addresses of `email_optouts`, normalised.
    package static func make(
        _ choice: DeliveryJob.Recipients,
        data: FamilyData,
        digestOff: Set<String>,
        optedOut: Set<String>
    ) -> RecipientPlan {
        var plan = RecipientPlan()
        var seen = Set<String>()
        for (name, stored, userID) in candidates(choice, data: data) {
            // Untrusted: a stored value that is not exactly one mailbox is never sent to.
            guard let address = MIMEMessage.Address(name: name, email: stored.trimmingCharacters(in: .whitespaces))
            else {
                plan.skipped.append(Skipped(email: stored, userID: userID, reason: .invalidAddress))
                continue
            }
            // Opt-outs and duplicates compare the address trimmed and lower-cased.
            let normalised = address.email.comparisonKey
            if let userID, digestOff.contains(userID) {
                plan.skipped.append(Skipped(email: stored, userID: userID, reason: .emailOff))
            } else if optedOut.contains(normalised) {
                plan.skipped.append(Skipped(email: stored, userID: userID, reason: .optedOut))
            } else if !seen.insert(normalised).inserted {
                plan.skipped.append(Skipped(email: stored, userID: userID, reason: .duplicate))
            } else {
                plan.recipients.append(Recipient(address: address, userID: userID, stored: stored))
            }
        }
        return plan
    }

    /// The addresses `choice` names, as stored: the job's list, or the family's members (the
    /// player first, then the parents, each in the order of their user ids).
    private static func candidates(
        _ choice: DeliveryJob.Recipients,
        data: FamilyData
    ) -> [(name: String?, email: String, userID: String?)] {
        if case .list(let addresses) = choice { return addresses.map { (nil, $0, nil) } }
        let rank = { (member: FamilyMember) in (member.role == .player ? 0 : 1, member.userID) }
        return data.members.filter { choice.memberRoles.contains($0.role) }.sorted { rank($0) < rank($1) }.compactMap {
            member in
            data.users[member.userID].map { ($0.fullName, $0.email, member.userID) }
        }
    }
}
