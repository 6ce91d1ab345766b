// SPDX-License-Identifier: MIT
#include "game/gui/speech.h"

#include <libspeechd.h>

#include <algorithm>
#include <cstdlib>
#include <utility>

#include "core/util/translation.h"

namespace gambit::gui {

struct Speech::Connection {
  SPDConnection* open = nullptr;
  ~Connection() {
    if (open) spd_close(open);
  }
};

Speech::Speech() = default;
Speech::~Speech() = default;

bool Speech::open() {
  if (connection_) return true;
  if (failed_) return false;
  char* error = nullptr;
  // The default address (or SPEECHD_ADDRESS), started when it is not running.
  SPDConnection* opened = spd_open2("gambit", "main", nullptr, SPD_MODE_SINGLE, nullptr, 1, &error);
  if (!opened) {
    failed_ = true;
    const std::string reason = error ? error : "";
    std::free(error);
    if (reason.empty()) {
      problem_ = tr("Speech is not available: speech-dispatcher did not answer.");
    } else {
      // TRANSLATORS: {reason} is speech-dispatcher's own message, in English.
      problem_ = fill(tr("Speech is not available: speech-dispatcher did not answer ({reason})."), {{"reason", reason}});
    }
    return false;
  }
  connection_ = std::make_unique<Connection>();
  connection_->open = opened;
  return true;
}

bool Speech::say(const std::string& text, const std::string& language) {
  if (text.empty() || !open()) return false;
  // speech-dispatcher names languages as RFC 1766 does: pt-BR, not gettext's pt_BR.
  std::string tag = language;
  std::replace(tag.begin(), tag.end(), '_', '-');
  spd_set_language(connection_->open, tag.c_str());
  if (spd_say(connection_->open, SPD_MESSAGE, text.c_str()) >= 0) return true;
  // The service went away: said once; the next sentence opens it again.
  connection_.reset();
  problem_ = tr("Speech stopped: speech-dispatcher did not take the sentence.");
  return false;
}

std::optional<std::string> Speech::take_problem() { return std::exchange(problem_, std::nullopt); }

}  // namespace gambit::gui
