-- A MySQL table: AUTO_INCREMENT, an inline ENUM and a trailing comment as description.
CREATE TABLE tickets (
  id INT AUTO_INCREMENT PRIMARY KEY,
  customer_id INT NOT NULL,
  status ENUM('open', 'pending', 'closed') NOT NULL DEFAULT 'open',
  opened_at DATETIME NOT NULL -- when the customer wrote
);
