import DemoKit

print("service-demo: not built yet")
