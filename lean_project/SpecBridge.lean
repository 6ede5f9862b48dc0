import SpecBridge.Basic
