// SPDX-License-Identifier: GPL-2.0-only
#include "config/runtime.h"

const struct settings *config;
