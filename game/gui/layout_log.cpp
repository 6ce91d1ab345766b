// SPDX-License-Identifier: MIT
#include "game/gui/layout_log.h"

#include <algorithm>
#include <cstdio>

#include "game/gui/state_dump.h"

namespace gambit::gui {

namespace {

LayoutLog* active_log = nullptr;

std::string number(float value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f", double(value));
  return buffer;
}

}  // namespace

LayoutLog* LayoutLog::active() { return active_log; }

void LayoutLog::begin_frame(sf::FloatRect window) {
  items_.clear();
  cuts_.clear();
  regions_.assign(1, {"window", window, false});
  active_log = this;
}

void LayoutLog::end_frame() {
  if (active_log == this) active_log = nullptr;
}

bool LayoutLog::visible(sf::FloatRect& bounds) const {
  for (const Open& region : regions_) {
    if (!region.clips) continue;
    sf::FloatRect shown;
    if (!region.rect.intersects(bounds, shown)) return false;
    bounds = shown;
  }
  return true;
}

void LayoutLog::add(Item::Kind kind, const std::string& name, sf::FloatRect bounds) {
  if (regions_.empty() || bounds.width <= 0 || bounds.height <= 0 || !visible(bounds)) return;
  std::string whole;
  if (kind == Item::Kind::Text)
    for (const auto& [shown, text] : cuts_)
      if (shown == name) whole = text;
  items_.push_back({kind, name, bounds, regions_.back().name, regions_.back().rect, std::move(whole)});
}

void LayoutLog::add_text(const std::string& text, const sf::FloatRect& bounds) {
  if (!text.empty()) add(Item::Kind::Text, text, bounds);
}

void LayoutLog::add_box(const std::string& name, const sf::FloatRect& bounds) { add(Item::Kind::Box, name, bounds); }

void LayoutLog::cut(const std::string& shown, const std::string& whole) { cuts_.emplace_back(shown, whole); }

void LayoutLog::cover(const sf::FloatRect& rect) {
  std::erase_if(items_, [&](const Item& item) { return rect.intersects(item.bounds); });
}

std::string LayoutLog::json() const {
  std::string out = "[";
  for (const Item& item : items_) {
    if (out.size() > 1) out += ", ";
    out += "{\"kind\": \"" + std::string(item.kind == Item::Kind::Text ? "text" : "box") +
           "\", \"name\": " + json_string(item.name) + ", \"x\": " + number(item.bounds.left) +
           ", \"y\": " + number(item.bounds.top) + ", \"w\": " + number(item.bounds.width) +
           ", \"h\": " + number(item.bounds.height) + ", \"region\": " + json_string(item.region) +
           ", \"rx\": " + number(item.region_rect.left) + ", \"ry\": " + number(item.region_rect.top) +
           ", \"rw\": " + number(item.region_rect.width) + ", \"rh\": " + number(item.region_rect.height) +
           (item.whole.empty() ? "" : ", \"whole\": " + json_string(item.whole)) + "}";
  }
  return out + "]";
}

LayoutLog::Region::Region(const std::string& name, const sf::FloatRect& rect, Edge edge) : log_(active_log) {
  if (log_) log_->regions_.push_back({name, rect, edge == Edge::Clips});
}

LayoutLog::Region::~Region() {
  if (log_ && log_->regions_.size() > 1) log_->regions_.pop_back();
}

}  // namespace gambit::gui
