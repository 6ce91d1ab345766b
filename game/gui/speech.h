// SPDX-License-Identifier: MIT
// Speech: sentences said aloud through speech-dispatcher, Debian's speech
// service (its client library, libspeechd), for a player who does not see the
// board. The connection opens at the first sentence (speech-dispatcher starts
// itself if it is installed and not running; SPEECHD_ADDRESS chooses another
// server) and closes with the object. Without the service a sentence is not
// said, and problem() says once, in words, why: Gambit plays on.
//
// Threads: the window's thread only.
#pragma once

#include <memory>
#include <optional>
#include <string>

namespace gambit::gui {

class Speech {
 public:
  Speech();
  ~Speech();
  Speech(const Speech&) = delete;
  Speech& operator=(const Speech&) = delete;

  // Says text (UTF-8) in language ("de", "pt_BR"), after what is being said.
  // False when it cannot: there is no service (see take_problem).
  bool say(const std::string& text, const std::string& language);
  // Why speech failed, once (then nullopt until it fails again after a new start).
  std::optional<std::string> take_problem();

 private:
  bool open();

  struct Connection;  // libspeechd's, closed when it goes
  std::unique_ptr<Connection> connection_;
  bool failed_ = false;  // the service could not be reached: not tried again
  std::optional<std::string> problem_;
};

}  // namespace gambit::gui
