print("service-bench: not built yet")
