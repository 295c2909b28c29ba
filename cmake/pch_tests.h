// The unit tests' precompiled headers: the common ones and GoogleTest's.
#pragma once
#include "pch_common.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
