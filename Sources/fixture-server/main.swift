print("fixture-server: not built yet")
