//! Each agent's hook contract: what its event holds and what its reply must look like.
