import { afterEach, describe, expect, it } from "vitest";
import type { Task } from "../../../../../api/schemas/tasks.ts";
import { fromTask } from "./task-dialog.tsx";

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe("the task dialog's due date", () => {
  it("is the day it was set for in the browser's time zone, not the UTC day of the stored instant", () => {
    // Saved in Honolulu as 17:00 on 26 Nov: 03:00 on the 27th in UTC.
    process.env.TZ = "Pacific/Honolulu";
    const task = { title: "Review", dueDate: "2026-11-27T03:00:00.000Z" } as Task;
    expect(fromTask(task).dueDate).toBe("2026-11-26");
    process.env.TZ = "Australia/Sydney";
    expect(fromTask({ ...task, dueDate: "2026-11-26T06:00:00.000Z" } as Task).dueDate).toBe("2026-11-26");
  });

  it("is empty without one", () => {
    expect(fromTask(null).dueDate).toBe("");
  });
});
