// SPDX-License-Identifier: MIT
#include "game/gui/svg_picture.h"

#include <cairo.h>
#include <librsvg/rsvg.h>

#include <cctype>
#include <memory>
#include <system_error>

#include "core/util/text_file.h"
#include "core/util/translation.h"

namespace gambit::gui {

namespace {

struct GObjectFree {
  void operator()(void* object) const { g_object_unref(object); }
};
struct SurfaceFree {
  void operator()(cairo_surface_t* surface) const { cairo_surface_destroy(surface); }
};
struct CairoFree {
  void operator()(cairo_t* cairo) const { cairo_destroy(cairo); }
};

// "cannot draw '<file>': <why>", the path whole (it is the one to look at), the reason without its newline.
Failure cannot_draw(const std::filesystem::path& file, std::string why) {
  while (!why.empty() && std::isspace(static_cast<unsigned char>(why.back()))) why.pop_back();
  // TRANSLATORS: {file} is an SVG file's path, quoted; {why} the reason, in words.
  return Failure{fill(tr("cannot draw {file}: {why}"), {{"file", "'" + file.string() + "'"}, {"why", why}})};
}

}  // namespace

Result<sf::Image> render_svg(const std::filesystem::path& file, unsigned size) {
  std::error_code error;
  const std::uintmax_t bytes = std::filesystem::file_size(file, error);
  if (!error && bytes > MaxSvgBytes)
    // TRANSLATORS: {size} is a file's size in bytes; {most} the largest accepted.
    return cannot_draw(file, fill(tr("it is {size} bytes, more than the {most} a drawing may have"),
                                  {{"size", std::to_string(bytes)}, {"most", std::to_string(MaxSvgBytes)}}));
  auto text = read_text_file(file.string());
  if (!text) return Failure{text.error()};
  GError* problem = nullptr;
  std::unique_ptr<RsvgHandle, GObjectFree> svg(rsvg_handle_new_from_data(
      reinterpret_cast<const guint8*>(text.value().data()), text.value().size(), &problem));
  if (!svg) {
    const std::string why = problem ? problem->message : tr("it is not an SVG drawing");
    if (problem) g_error_free(problem);
    return cannot_draw(file, why);
  }
  std::unique_ptr<cairo_surface_t, SurfaceFree> surface(
      cairo_image_surface_create(CAIRO_FORMAT_ARGB32, int(size), int(size)));
  std::unique_ptr<cairo_t, CairoFree> cairo(cairo_create(surface.get()));
  const RsvgRectangle viewport{0, 0, double(size), double(size)};
  if (!rsvg_handle_render_document(svg.get(), cairo.get(), &viewport, &problem)) {
    const std::string why = problem ? problem->message : tr("it is not an SVG drawing");
    if (problem) g_error_free(problem);
    return cannot_draw(file, why);
  }
  cairo_surface_flush(surface.get());
  // Cairo's ARGB32: a native-endian 32-bit word per pixel, colour premultiplied by alpha.
  const unsigned char* data = cairo_image_surface_get_data(surface.get());
  const int stride = cairo_image_surface_get_stride(surface.get());
  sf::Image image;
  image.create(size, size, sf::Color::Transparent);
  for (unsigned y = 0; y < size; ++y) {
    const auto* row = reinterpret_cast<const std::uint32_t*>(data + std::ptrdiff_t(y) * stride);
    for (unsigned x = 0; x < size; ++x) {
      const std::uint32_t argb = row[x];
      const unsigned a = argb >> 24;
      if (a == 0) continue;
      const auto straight = [a](unsigned premultiplied) { return sf::Uint8((premultiplied * 255 + a / 2) / a); };
      image.setPixel(x, y, {straight((argb >> 16) & 255), straight((argb >> 8) & 255), straight(argb & 255),
                            sf::Uint8(a)});
    }
  }
  return image;
}

}  // namespace gambit::gui
