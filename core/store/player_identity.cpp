// SPDX-License-Identifier: MIT
#include "core/store/player_identity.h"

namespace gambit::store {

PlayerIdentity PlayerIdentity::person(const std::string& profile) { return {true, profile, "", "", profile, {}}; }

PlayerIdentity PlayerIdentity::ai(const std::string& id, const std::string& version, const std::string& options,
                                  const std::string& label, std::optional<Placement> placement) {
  return {false, id, version, options, label, placement};
}

}  // namespace gambit::store
