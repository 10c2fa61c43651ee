// Whether the person collapsed the dashboard sidebar to icons, remembered on this device.

export const SIDEBAR_COLLAPSED_KEY = "dashboard-sidebar-collapsed";

export function readSidebarCollapsed(): boolean {
  try {
    return window.localStorage.getItem(SIDEBAR_COLLAPSED_KEY) === "true";
  } catch {
    return false; // storage blocked: start expanded
  }
}

export function saveSidebarCollapsed(collapsed: boolean): void {
  try {
    window.localStorage.setItem(SIDEBAR_COLLAPSED_KEY, String(collapsed));
  } catch {
    // storage blocked: the choice lasts for this page only
  }
}
