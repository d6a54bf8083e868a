//! Installing ctx's hook into an agent's settings, and taking exactly that out again.
