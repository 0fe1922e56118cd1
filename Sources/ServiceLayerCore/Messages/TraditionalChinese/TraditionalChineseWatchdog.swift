import Foundation

/// The command-line trap's warnings in 繁體中文.
enum TraditionalChineseWatchdog {
    static let fixes = """
        修正：在 main.swift 結尾寫 dispatchMain()，並在最後一個完成處理常式中呼叫 exit(0)；或呼叫
          RunLoop.main.run()；或在 async main 中 await 非同步版本：
          @main struct Tool { static func main() async { ... try await client.send(endpoint) ... } }
          （每個程序只會印出一次；APIClient.warnsWhenMainQueueIsBlocked = false 可以關閉它。）
        """

    static let texts = MainQueueWatchdog.Texts(
        warning: """
            ServiceLayer：有一個完成處理常式已等待主佇列 \(Int(MainQueueWatchdog.patience)) 秒，而主佇列在這段期間什麼都沒有執行。
              原因：APIClient.send(_:completion:) 和控制器的完成處理常式在主要執行者（main actor）上執行，也就是在主佇列上；
              在命令列程式中，當主執行緒在睡眠、等待 semaphore 或 group，或已從最上層程式碼返回時，沒有任何東西會執行主佇列
              （程式接著會在沒有輸出的情況下以結束狀態 0 結束）。
              \(fixes)
            """,
        ended: { calls in
            """
            ServiceLayer：程式結束時，還有 \(calls) 個呼叫在等待完成處理常式，而它們從未執行。
              原因：APIClient.send(_:completion:) 和控制器的完成處理常式在主要執行者（main actor）上執行，也就是在主佇列上；
              這個程式沒有執行過主佇列就結束了（從最上層程式碼返回，或呼叫了 exit）。
              \(fixes)
            """
        })
}
