# SPDX-License-Identifier: MIT
# How a player plugin file is linked: shared by Gambit's own plugins
# (ai_plugins/CMakeLists.txt) and by the installed SDK
# (GambitPlayerSDKConfig.cmake), so both make the same kind of file.

# gambit_player_plugin_file(<target> <id> <sanitized>) makes the MODULE library
# <target> the plugin file gambit_<id>.so: only its entry symbol exported
# (hidden visibility plus a version script, which also keeps the static chess
# library and libstdc++ templates local), and every symbol resolved at link
# time, except when <sanitized> (clang's sanitizer runtime lives in the program
# that loads the plugin).
function(gambit_player_plugin_file target id sanitized)
  set(exports ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/plugin_exports.map)
  set_target_properties(${target} PROPERTIES
    PREFIX ""
    OUTPUT_NAME gambit_${id}
    SUFFIX ".so"
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON)
  target_link_options(${target} PRIVATE -Wl,--version-script=${exports})
  set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS ${exports})
  if(NOT sanitized)
    target_link_options(${target} PRIVATE -Wl,--no-undefined)
  endif()
endfunction()
