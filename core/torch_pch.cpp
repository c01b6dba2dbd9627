// Compiled once to build the shared torch precompiled header (see gp_torch_target).
