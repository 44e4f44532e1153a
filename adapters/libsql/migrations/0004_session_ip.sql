ALTER TABLE `sessions` ADD `ip` text;--> statement-breakpoint
CREATE INDEX `sessions_ip_idx` ON `sessions` (`ip`);