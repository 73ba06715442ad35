import GatherRPC
