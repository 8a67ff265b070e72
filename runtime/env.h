//===- runtime/env.h - SPRIG_* environment variables ------------------------===//
#pragma once

namespace sprig {

struct Settings;  // global.h

// Read every SPRIG_* variable into s, at process start; a bad value is a warning.
void parse_environment(Settings &s);
// SPRIG_DISPLAY_ENV: print the settings in effect, to stderr.
void display_settings(const Settings &s);

}  // namespace sprig
