// The one source of the targets that build the precompiled headers
// (cmake/precompiled_headers.cmake): a target needs a source to compile.
